import { useEffect, useState } from 'react';

/** The page theme from the body class (theme-light | theme-dark), followed as it changes. 'light' on the server. */
export function useBodyTheme(): 'light' | 'dark' {
  const [theme, setTheme] = useState<'light' | 'dark'>('light');
  useEffect(() => {
    const read = () => setTheme(document.body.classList.contains('theme-dark') ? 'dark' : 'light');
    read();
    const observer = new MutationObserver(read);
    observer.observe(document.body, { attributes: true, attributeFilter: ['class'] });
    return () => observer.disconnect();
  }, []);
  return theme;
}

/** The React floor's browser entry: hydrates the server-rendered App and marks the document when done. */
import { useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { App } from './App';

function Hydrated() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return <App />;
}

hydrateRoot(document.getElementById('root')!, <Hydrated />);

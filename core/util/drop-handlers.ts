/**
 * Removes inline event-handler attributes (`onclick=…`, `<img/onerror=…>`) from the start tags of an HTML string,
 * following the HTML tokenizer's attribute rules. Run before any in-page parse of server HTML: Chromium checks
 * the page's Content-Security-Policy when the parser meets a handler attribute, so hostile markup would report a
 * (blocked) violation even though the sanitizer drops the attribute afterwards. Not a sanitizer by itself.
 */
export function dropHandlerAttributes(html: string): string {
  if (!/on/i.test(html)) return html;
  let out = '';
  let i = 0;
  const n = html.length;
  const space = (c: string) => c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f';
  while (i < n) {
    const lt = html.indexOf('<', i);
    if (lt < 0 || lt + 1 >= n) break;
    if (!/[a-zA-Z]/.test(html[lt + 1])) {
      out += html.slice(i, lt + 1);
      i = lt + 1;
      continue;
    }
    // Tag name, then attributes until '>'.
    let j = lt + 1;
    while (j < n && !space(html[j]) && html[j] !== '/' && html[j] !== '>') j++;
    out += html.slice(i, j);
    while (j < n && html[j] !== '>') {
      const start = j;
      while (j < n && (space(html[j]) || html[j] === '/')) j++;
      if (j >= n || html[j] === '>') {
        out += html.slice(start, j);
        break;
      }
      const nameStart = j++; // a name may start with '='
      while (j < n && !space(html[j]) && html[j] !== '/' && html[j] !== '>' && html[j] !== '=') j++;
      const name = html.slice(nameStart, j);
      let k = j;
      while (k < n && space(html[k])) k++;
      if (html[k] === '=') {
        k++;
        while (k < n && space(html[k])) k++;
        const q = html[k];
        if (q === '"' || q === "'") {
          const end = html.indexOf(q, k + 1);
          k = end < 0 ? n : end + 1;
        } else while (k < n && !space(html[k]) && html[k] !== '>') k++;
        j = k;
      }
      // Keep the separator so the next attribute stays apart; drop a handler with its value.
      out += /^on/i.test(name) ? html.slice(start, nameStart) : html.slice(start, j);
    }
    i = j;
  }
  return out + html.slice(i);
}

/** What the bench compares between two pages: elements in the HTML, bytes, and bytes inside inline scripts. */
export interface HtmlSize {
  elements: number;
  bytes: number;
  scriptBytes: number;
}

/** Counts the elements (start tags, outside comments and script/style text) and the bytes of an HTML page. */
export function htmlSize(html: string): HtmlSize {
  let scriptBytes = 0;
  const bare = html.replace(/<!--[\s\S]*?-->/g, '').replace(/<(script|style)\b([^>]*)>([\s\S]*?)<\/\1>/gi, (_, tag: string, attrs: string, text: string) => {
    if (tag.toLowerCase() === 'script') scriptBytes += Buffer.byteLength(text);
    return `<${tag}${attrs}></${tag}>`;
  });
  return { elements: bare.match(/<[a-zA-Z]/g)?.length ?? 0, bytes: Buffer.byteLength(html), scriptBytes };
}

/** Words in the text get_page_text returns, its "Source: …" line left out: what the panel and the demo model both count. */
export function pageTextWords(text: string): number {
  return (text.replace(/^Source: .*\n/, '').match(/\p{L}[\p{L}\p{N}'’-]*/gu) ?? []).length;
}

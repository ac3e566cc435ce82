/** Server content is sanitized HTML (docs/api.md: paragraphs, lists, links, bold). */
export function Html({ html, testId }: { html: string; testId?: string }) {
  return <div className="rich" data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />;
}

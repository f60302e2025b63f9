import { stampLine } from '../../design/reviewDocument';
import type { ReviewBlock, ReviewDocument, ReviewLine } from '../../design';
import { VisibleLines, VisibleProse, VisibleText } from '../common/VisibleText';
import { visibleString } from '../common/visibleText';

/**
 * The review document model as read-only HTML: the same sections, tables
 * and code the Markdown export writes. Every text is the design's or the
 * app's, rendered as text (VisibleText shows invisible and bidi characters),
 * never as HTML.
 */
export function ReviewDocumentView({ document }: { readonly document: ReviewDocument }) {
  return (
    <article className="review-document">
      <h3 className="review-document-title">
        <VisibleText text={document.title || 'Untitled design'} />
      </h3>
      <p className="review-document-stamp">
        <Line line={stampLine(document.stamp)} />
      </p>
      {document.description.trim() !== '' && (
        <p>
          <VisibleProse text={document.description.replace(/[\t\r\n ]+/g, ' ').trim()} />
        </p>
      )}
      {document.sections.map((section) => (
        // No accessible name: a named section is a landmark, and the app's own regions already use these names.
        <section key={section.id} className="review-document-section" data-section={section.id}>
          <h4>{section.title}</h4>
          {section.blocks.map((block, index) => (
            <Block key={index} block={block} />
          ))}
        </section>
      ))}
    </article>
  );
}

function Line({ line }: { readonly line: ReviewLine }) {
  return line.map((run, index) => {
    if (run.kind === 'code') return <code key={index}>{run.text === '' ? <em>(empty)</em> : <VisibleText text={run.text} />}</code>;
    if (run.kind === 'strong') return <strong key={index}>{run.text}</strong>;
    return <VisibleProse key={index} text={run.text} />;
  });
}

/** A run of a sentence: its edge spaces join it to the runs around it (VisibleText would mark them ␣, as it does a key's). */
function Block({ block }: { readonly block: ReviewBlock }) {
  switch (block.kind) {
    case 'paragraph':
      return (
        <p>
          <Line line={block.content} />
        </p>
      );
    case 'subheading':
      return (
        <h5>
          <Line line={block.content} />
        </h5>
      );
    case 'list':
      return (
        <ul>
          {block.items.map((item, index) => (
            <li key={index}>
              <Line line={item} />
            </li>
          ))}
        </ul>
      );
    case 'table':
      return (
        <div className="review-document-table">
          <table aria-label={visibleString(block.label)}>
            <thead>
              <tr>
                {block.columns.map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.rows.map((row, rowIndex) => (
                <tr key={rowIndex}>
                  {row.map((cell, cellIndex) => (
                    <td key={cellIndex}>
                      <Line line={cell} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    case 'code':
      return (
        <pre>
          {/* Line by line, indentation as is: VisibleText would mark the line breaks and edge spaces. */}
          <code>
            <VisibleLines text={block.text} />
          </code>
        </pre>
      );
  }
}

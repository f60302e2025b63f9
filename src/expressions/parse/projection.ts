import type { PathNode, ProjectionNode } from '../ast';
import { OperandParser } from './operands';

/**
 * The ProjectionExpression parser: document paths separated by commas.
 *
 * @example
 * new ProjectionParser("a, #b.c[0]", "ProjectionExpression").parseProjection().paths.length // 2
 */
export class ProjectionParser extends OperandParser {
  parseProjection(): ProjectionNode {
    const paths: PathNode[] = [];
    for (;;) {
      paths.push(this.parseTargetPath());
      const next = this.token();
      if (next.kind === ',') {
        this.i++;
        continue;
      }
      if (next.kind !== 'eof') throw this.fail();
      const first = paths[0] as PathNode;
      const last = paths[paths.length - 1] as PathNode;
      return { kind: 'projection', paths, span: { start: first.span.start, end: last.span.end } };
    }
  }
}

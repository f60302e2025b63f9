import { notBuiltCommand } from './notBuilt';

/** `keylab diff <old> <new>`: the structural diff of two designs (files or git:REV:path). Built by its own branch. */
export default notBuiltCommand('diff', 'the structural diff of two designs as text or Markdown', 'Usage: keylab diff <old> <new>');

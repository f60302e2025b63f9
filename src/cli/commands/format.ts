import { notBuiltCommand } from './notBuilt';

/** `keylab format <files…>`: writes design files in the canonical layout. Built by its own branch. */
export default notBuiltCommand('format', 'write design files in the canonical, diff-friendly layout', 'Usage: keylab format <files…>');

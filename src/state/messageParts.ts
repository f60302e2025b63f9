/**
 * A sentence that quotes data (a partition value, a key name) as parts: the app's own words as
 * strings, each quoted value as `{ data }`, so the UI can show the value isolated, with its invisible
 * and bidirectional characters as markers, and a right-to-left override in it can't reverse the
 * words around it.
 */
export type MessagePart = string | { readonly data: string };

import type { AwsAuth, ConnectionForm, ConnectionKind, ConnectionStorage } from './connectionStore';

/**
 * A named connection kept in this browser (the Saved connections list): where
 * to connect and how, never a secret. A secret access key or session token is
 * typed when connecting (and kept in the tab's memory); a profile's
 * credentials stay with Keylab's server.
 */
export interface SavedConnection {
  readonly id: string;
  readonly name: string;
  readonly kind: ConnectionKind;
  readonly endpoint: string;
  readonly region: string;
  /** The access key id (not a secret; DynamoDB Local keeps tables per key id). */
  readonly accessKeyId: string;
  readonly awsAuth: AwsAuth;
  readonly profile: string;
  readonly readOnly: boolean;
}

/** Where the list lives in local storage. */
export const SAVED_CONNECTIONS_STORAGE_KEY = 'keylab.connections.saved';
/** A name longer than this is refused (it is a label in a list). */
export const MAX_CONNECTION_NAME = 80;

const KINDS: readonly ConnectionKind[] = ['builtIn', 'dynamodbLocal', 'custom', 'aws'];

function isSavedConnection(value: unknown): value is SavedConnection {
  if (!value || typeof value !== 'object') return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.id === 'string' &&
    typeof entry.name === 'string' &&
    KINDS.includes(entry.kind as ConnectionKind) &&
    ['endpoint', 'region', 'accessKeyId', 'profile'].every((field) => typeof entry[field] === 'string') &&
    (entry.awsAuth === 'keys' || entry.awsAuth === 'profile') &&
    typeof entry.readOnly === 'boolean'
  );
}

/** The saved connections in `storage` (entries of another shape are skipped; fields other than the known ones are dropped). */
export function readSavedConnections(storage: ConnectionStorage | undefined): SavedConnection[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(SAVED_CONNECTIONS_STORAGE_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(isSavedConnection).map((entry) => savedConnectionOf(entry, entry.name, entry.id));
  } catch {
    return [];
  }
}

/** Writes the list; returns why it could not be written (storage full or blocked), or undefined. */
export function writeSavedConnections(storage: ConnectionStorage | undefined, connections: readonly SavedConnection[]): string | undefined {
  try {
    storage?.setItem(SAVED_CONNECTIONS_STORAGE_KEY, JSON.stringify(connections));
    return undefined;
  } catch (error) {
    return `The saved connections could not be written to this browser’s storage (${error instanceof Error ? error.message : String(error)}); they hold for this tab only.`;
  }
}

/** The form's connection under `name`, without its secrets (only the fields listed in SavedConnection are copied). */
export function savedConnectionOf(
  form: Pick<SavedConnection, 'kind' | 'endpoint' | 'region' | 'accessKeyId' | 'awsAuth' | 'profile' | 'readOnly'>,
  name: string,
  id: string,
): SavedConnection {
  return {
    id,
    name,
    kind: form.kind,
    endpoint: form.endpoint.trim(),
    region: form.region.trim(),
    accessKeyId: form.accessKeyId.trim(),
    awsAuth: form.awsAuth,
    profile: form.profile,
    readOnly: form.readOnly,
  };
}

/**
 * The form for a saved connection. A secret typed in this tab stays only when
 * it belongs to the same access key id; otherwise the secret field is empty,
 * to be typed before Connect.
 */
export function formOfSavedConnection(saved: SavedConnection, current: ConnectionForm): ConnectionForm {
  const sameKey = saved.kind === current.kind && saved.accessKeyId === current.accessKeyId.trim();
  return {
    ...current,
    kind: saved.kind,
    endpoint: saved.endpoint,
    region: saved.region,
    accessKeyId: saved.accessKeyId,
    awsAuth: saved.awsAuth,
    profile: saved.profile,
    readOnly: saved.readOnly,
    secretAccessKey: sameKey ? current.secretAccessKey : '',
    sessionToken: sameKey ? current.sessionToken : '',
  };
}

/** Whether the form connects where `saved` does (secrets aside). */
export function isFormOf(saved: SavedConnection, form: ConnectionForm): boolean {
  const other = savedConnectionOf(form, saved.name, saved.id);
  if (saved.kind === 'builtIn' || other.kind === 'builtIn') return saved.kind === other.kind;
  return (Object.keys(saved) as (keyof SavedConnection)[]).every((field) => saved[field] === other[field]);
}

/** Why `name` can't name a saved connection (empty, too long, or taken by another one), or undefined. */
export function checkConnectionName(name: string, connections: readonly SavedConnection[], exceptId?: string): string | undefined {
  const trimmed = name.trim();
  if (!trimmed) return 'Type a name for the connection, e.g. “Local dev”.';
  if (trimmed.length > MAX_CONNECTION_NAME) return `Use a name of at most ${MAX_CONNECTION_NAME} characters (this one has ${trimmed.length}).`;
  if (connections.some((connection) => connection.name === trimmed && connection.id !== exceptId))
    return `A saved connection is already named “${trimmed}”: choose another name, or pick that one and Rename or Delete it.`;
  return undefined;
}

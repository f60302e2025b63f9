import { decodeBase64, writeWireJson } from '../dynamo';
import type { MigrationPlan, MigrationSpec, RewriteRequests, WriteEntry } from './migration.types';
import { planIdOf } from './checkpoint';
import { rewriteRequests } from './rewriteRequests';

export const PLAN_FORMAT = 'keylab.migration-plan/1';

/**
 * A plan as a file: what the command resumes from and what the exported
 * Node and boto3 programs run. Each rewrite carries its exact
 * TransactWriteItems input and settle rule (rewriteRequests), so the
 * programs send the same conditional requests as the app. Values are
 * DynamoDB JSON (binary as base64 under "B"/"BS"; see {@link revivePlanJson}).
 */
export interface MigrationPlanFile {
  readonly format: typeof PLAN_FORMAT;
  readonly planId: string;
  readonly spec: MigrationSpec;
  /** Every write (copying: one per source item), with its requests. */
  readonly rewrites: readonly (WriteEntry & RewriteRequests)[];
}

export function toPlanFile(plan: Pick<MigrationPlan, 'spec' | 'rewrites'>): MigrationPlanFile {
  return {
    format: PLAN_FORMAT,
    planId: planIdOf(plan),
    spec: plan.spec,
    rewrites: plan.rewrites.map((entry) => ({ ...entry, ...rewriteRequests(plan.spec, entry) })),
  };
}

/** The plan file's JSON text: binary values as base64 (DynamoDB JSON). */
export function serializePlanFile(file: MigrationPlanFile): string {
  return writeWireJson(file);
}

/**
 * Reads a plan file back: a string under "B" and the strings of a "BS" list
 * are binary (the only places DynamoDB JSON puts base64; attribute names are
 * keys of maps whose values are objects, never strings).
 */
export function revivePlanJson(text: string): unknown {
  return JSON.parse(text, (key, value: unknown) => {
    if (key === 'B' && typeof value === 'string') return decodeBase64(value) ?? value;
    if (key === 'BS' && Array.isArray(value) && value.every((member) => typeof member === 'string'))
      return value.map((member: string) => decodeBase64(member) ?? member);
    return value;
  });
}

export type PlanFileResult = { readonly ok: true; readonly file: MigrationPlanFile } | { readonly ok: false; readonly message: string };

export function parsePlanFile(text: string, where = 'the plan file'): PlanFileResult {
  let value: unknown;
  try {
    value = revivePlanJson(text);
  } catch (error) {
    return { ok: false, message: `${where} is not JSON (${error instanceof Error ? error.message : String(error)}).` };
  }
  const file = value as Partial<MigrationPlanFile> | null;
  if (!file || typeof file !== 'object' || file.format !== PLAN_FORMAT)
    return { ok: false, message: `${where} is not a Keylab migration plan (expected "format": "${PLAN_FORMAT}").` };
  if (!Array.isArray(file.rewrites) || !file.spec || typeof file.planId !== 'string')
    return { ok: false, message: `${where} is damaged (spec, planId or rewrites missing): plan the migration again.` };
  return { ok: true, file: file as MigrationPlanFile };
}

import type { AttributeType as DynamoAttributeType, WireAttributeValue, WireItem } from '../dynamo';
/**
 * A key design: a whole table's (or several tables') keys as one document —
 * tables with their indexes, the entities that share them (one key template
 * per key attribute), sample rows, and the access patterns the design is
 * judged by. Pure data: every value is plain JSON, so a design is saved,
 * exported, shared and diffed as is. Templates are kept as text (the step 1
 * template language); they are valid in a design that passed
 * `parseDesignDocument`.
 *
 * The document form adds `"format": "keylab.design/1"` (see DESIGN_FORMAT).
 */
import type { ReadDirection } from '../keys';

/** The format tag of a Keylab design document; a newer one is refused, never half-read. */
export const DESIGN_FORMAT = 'keylab.design/1';

/** A key attribute's type: DynamoDB's scalar key types. */
export type KeyAttributeType = 'S' | 'N' | 'B';

/** Every DynamoDB attribute type, for an entity's other attributes. */
export type AttributeTypeName = DynamoAttributeType;

export interface KeyAttributeDesign {
  readonly name: string;
  readonly type: KeyAttributeType;
}

export type ProjectionType = 'ALL' | 'KEYS_ONLY' | 'INCLUDE';

export interface ProjectionDesign {
  readonly type: ProjectionType;
  /** The non-key attributes an INCLUDE projection copies (empty otherwise). */
  readonly attributes: readonly string[];
}

/**
 * A secondary index. A GSI's key may be multi-attribute (DynamoDB since
 * November 2025): up to four partition and four sort attributes, each typed,
 * compared left to right, each by its own type (numbers numerically, no
 * padding needed), and queried left to right only. An LSI shares the table's
 * partition key (its `partitionKey` repeats it) and has exactly one sort key.
 */
export interface IndexDesign {
  readonly name: string;
  readonly kind: 'GSI' | 'LSI';
  /** One attribute, or up to four for a GSI's multi-attribute partition key. */
  readonly partitionKey: readonly KeyAttributeDesign[];
  /** None, one, or up to four for a GSI's multi-attribute sort key (an LSI: exactly one). */
  readonly sortKey: readonly KeyAttributeDesign[];
  readonly projection: ProjectionDesign;
}

export interface ProvisionedCapacityDesign {
  readonly readCapacityUnits: number;
  readonly writeCapacityUnits: number;
}

export interface TableDesign {
  readonly name: string;
  readonly description: string;
  readonly partitionKey: KeyAttributeDesign;
  readonly sortKey?: KeyAttributeDesign;
  readonly indexes: readonly IndexDesign[];
  readonly billingMode: 'PAY_PER_REQUEST' | 'PROVISIONED';
  /** Only with billingMode PROVISIONED. */
  readonly provisioned?: ProvisionedCapacityDesign;
  readonly entities: readonly EntityDesign[];
  readonly accessPatterns: readonly AccessPatternDesign[];
}

/**
 * An attribute value in DynamoDB JSON, the wire form (`{"N": "1.50"}`, `{"B": "<base64>"}`):
 * plain JSON, exact (numbers stay text), and what NoSQL Workbench's TableData holds.
 */
export type JsonAttributeValue = WireAttributeValue;

/** An item in DynamoDB JSON. */
export type JsonItem = WireItem;

/** A non-key attribute an entity's items carry. */
export interface AttributeDesign {
  readonly name: string;
  readonly type: AttributeTypeName;
}

/**
 * One sample item of an entity: the values of its template fields (as text,
 * like everything typed: numbers never pass through a JS number) and, exactly
 * as DynamoDB JSON, its other attributes.
 */
export interface DesignSample {
  /** Unique within its entity; stable across edits (rows are edited by id). */
  readonly id: string;
  /** Template field values by field name. */
  readonly values: Readonly<Record<string, string>>;
  /** The item's non-key attributes, kept exact (N as text, B as base64). */
  readonly attributes?: JsonItem;
}

/** What the designer expects, for the width, size and capacity checks (step 8). */
export interface EntityExpectations {
  /** The largest value expected per numeric field, as text (default: the largest sample). */
  readonly largestValues: Readonly<Record<string, string>>;
  /** Extra digits beyond the largest value's (the articles: two). */
  readonly headroomDigits: number;
  /** The longest value (in characters) expected per string field. */
  readonly maxLengths: Readonly<Record<string, number>>;
  readonly itemCount?: number;
  /** A typical item's size in bytes. */
  readonly itemSizeBytes?: number;
}

/**
 * An entity (a facet, in NoSQL Workbench's words): one kind of item in a
 * table, recognised by its keys. `keys` holds one template per key attribute
 * of the table and of every index the entity appears in (an entity without a
 * template for an index's key attributes is not in that index: sparse).
 */
export interface EntityDesign {
  readonly name: string;
  readonly description: string;
  /** Key template text by key attribute name: `{ PK: "CUSTOMER#{customerId}", SK: "ORDER#{at:iso}#{orderId}" }`. */
  readonly keys: Readonly<Record<string, string>>;
  readonly attributes: readonly AttributeDesign[];
  readonly samples: readonly DesignSample[];
  readonly expectations: EntityExpectations;
  /**
   * An attribute the application bumps on every write (optimistic locking):
   * the item editor then saves an edit conditional on it alone, instead of on
   * every attribute, and bumps it.
   */
  readonly versionAttribute?: string;
}

/** The sort-key condition operators in terms of template fields (step 5's field-value bounds). */
export type PatternSortOperator = '=' | '<' | '<=' | '>' | '>=' | 'between' | 'begins_with';

/**
 * An access pattern's sort-key condition: field values the entity's sort-key
 * template encodes (a prefix of its fields means begins_with; a date-only
 * value in an iso field means the whole day), or raw key text as the
 * application sends it (`begins_with(SK, "EVT#2026-1")`).
 */
export type PatternSortCondition =
  | {
      readonly input: 'fields';
      readonly operator: Exclude<PatternSortOperator, 'begins_with'>;
      readonly values: Readonly<Record<string, string>>;
      /** BETWEEN's upper bound. */
      readonly valuesHigh?: Readonly<Record<string, string>>;
    }
  | {
      readonly input: 'raw';
      readonly operator: PatternSortOperator;
      readonly value: string;
      /** BETWEEN's upper bound. */
      readonly valueHigh?: string;
    };

/** What a pattern's result must be for it to pass. */
export interface ExpectedResult {
  /** The exact number of items, when the samples fix it. */
  readonly count?: number;
  /** The field (of the returned entity's templates or attributes) the result is ordered by, and how. */
  readonly orderBy?: { readonly field: string; readonly direction: ReadDirection };
}

/**
 * An access pattern: a question the application asks ("actor's activity,
 * newest first"), the Query that answers it, and what the answer must be.
 */
export interface AccessPatternDesign {
  /** Unique within its table; stable across renames. */
  readonly id: string;
  readonly name: string;
  readonly description: string;
  /** The entities the pattern returns (the first one's templates build the key condition); any other entity in the result fails it. */
  readonly entities: readonly string[];
  /** An index name, or undefined for the table itself. */
  readonly index?: string;
  /** Field values for the partition key's template(s) (every field of them). */
  readonly partitionValues: Readonly<Record<string, string>>;
  readonly sort?: PatternSortCondition;
  /** Read direction: descending is `ScanIndexForward = false`. */
  readonly direction: ReadDirection;
  /** DynamoDB's Limit: a whole number from 1 to {@link MAX_PATTERN_LIMIT}; absent reads every match. */
  readonly limit?: number;
  /** A FilterExpression in DynamoDB's syntax with attribute names inline (`#`/`:` placeholders are made on export). */
  readonly filter?: string;
  /** Attribute names to project (empty: every attribute). */
  readonly projection: readonly string[];
  readonly consistentRead: boolean;
  readonly expected: ExpectedResult;
  /** Expected requests per second, for step 8's capacity checks. */
  readonly requestsPerSecond?: number;
}

/** What a review meeting decided about a finding. */
export type FindingDecisionKind = 'accepted' | 'wontFix' | 'fixLater';

/** The decision kinds in the order they are offered and listed. */
export const FINDING_DECISION_KINDS: readonly FindingDecisionKind[] = ['accepted', 'wontFix', 'fixLater'];

/**
 * A review finding the designers decided on — accepted, won't fix, or fix
 * later — with why, who and when: kept in the design (and its files and
 * links) under the finding's stable id, and shown in the review document.
 * (Older files' `acceptedFindings` are read as `kind: "accepted"` decisions.)
 */
export interface FindingDecisionDesign {
  /** The finding's id (`review.noTiebreaker|Leaderboard|Score||SK||`). */
  readonly id: string;
  /** Its code, so a reader sees what was decided even when the finding is gone. */
  readonly code: string;
  readonly kind: FindingDecisionKind;
  /** Why (never empty in a decision made in Keylab; an older file's acceptance may have none). */
  readonly comment: string;
  /** Who decided, as they typed their name (empty only in an older file's acceptance). */
  readonly decidedBy: string;
  /** When, as an ISO-8601 date-time (`2026-12-05T09:40:00.000Z`); empty only in an older file's acceptance. */
  readonly decidedAt: string;
}

/**
 * A reviewer's sign-off on one state of the design: the revision it was
 * given for and the fingerprint (designFingerprint) of everything it covers,
 * so a later change marks it out of date (isSignOffCurrent).
 */
export interface SignOffDesign {
  readonly reviewer: string;
  /** ISO-8601 date-time. */
  readonly signedAt: string;
  /** The design's revision when signed (`revision ?? 1`). */
  readonly revision: number;
  /** designFingerprint of the design when signed: 16 lowercase hex digits. */
  readonly fingerprint: string;
}

/** A design: what a Keylab design document holds besides its format tag. */
export interface Design {
  readonly name: string;
  readonly description: string;
  /** What the NoSQL Workbench model this design was imported from held beyond it (absent: not imported from one). */
  readonly workbenchSource?: WorkbenchSourceDesign;
  readonly tables: readonly TableDesign[];
  /**
   * Which saved state of the design this is: a whole number from 1, bumped
   * by the designs store on each save that changes the design (absent: 1).
   */
  readonly revision?: number;
  /** Review findings decided on, each once by id (absent: none). */
  readonly decisions?: readonly FindingDecisionDesign[];
  /** Reviewers' sign-offs, at most one per reviewer (absent: none). */
  readonly signOffs?: readonly SignOffDesign[];
}

/**
 * What a NoSQL Workbench model held that a design cannot express, kept so a
 * Workbench export writes it back: the model as read with every TableData
 * emptied (ModelMetadata, key order, NonKeyAttributes, facet key aliases,
 * DataAccess, auto scaling, fields Keylab does not know), which facets held
 * items, and a tag of the design as imported (an unchanged design keeps the
 * model's DateLastModified). Plain JSON, never rendered; credential-like
 * keys are dropped when it is read.
 */
export interface WorkbenchSourceDesign {
  readonly model: Readonly<Record<string, unknown>>;
  /** Per table name: the facets whose TableData held items (the others' items were in the table's TableData). */
  readonly itemFacets: Readonly<Record<string, readonly string[]>>;
  /** Per table name, then facet name ("" for the table's TableData): the order the items wrote their attributes in. */
  readonly attributeOrder?: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>>;
  readonly designTag: string;
}

/** The JSON document: a design with its format tag first. */
export interface DesignDocument extends Design {
  readonly format: typeof DESIGN_FORMAT;
}

/**
 * What is wrong with a design, an imported file or one of its parts, and
 * where: `path` in the document's terms (`tables[0].entities[2].keys.SK`),
 * plus the line and column for text that is not JSON at all.
 */
export interface DesignProblem {
  readonly path: string;
  readonly message: string;
  /** A warning is reported but does not stop the load (an unknown key that was dropped). */
  readonly severity: 'error' | 'warning';
  readonly line?: number;
  readonly column?: number;
}

/**
 * The largest `Limit` DynamoDB takes (a Java int); the smallest is 1. Design
 * files, share links and the pattern editor refuse anything else, never
 * reading it as "no limit".
 *
 * @example
 * MAX_PATTERN_LIMIT // 2147483647
 */
export const MAX_PATTERN_LIMIT = 2_147_483_647;

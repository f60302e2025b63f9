import { toPythonLiteral } from './pythonLiteral';
import { MIGRATION_PROGRAM, programHeader } from './migrationProgram';
import { pythonRetryText } from './retryProgramText';

/**
 * The migration as a Python (boto3) script, the same loop as the Node
 * program (emitNodeMigration) over the same plan file and checkpoint:
 *   python3 migrate.py --plan plan.json --checkpoint migrate.checkpoint.json [--endpoint URL] [--region R] [--concurrency N]
 */
export function emitPythonMigration(): string {
  return `${programHeader('#')}
import argparse, base64, json, os, random, sys, time
from concurrent.futures import ThreadPoolExecutor

import boto3
from botocore.config import Config
from botocore.exceptions import ClientError

RULES = ${toPythonLiteral(MIGRATION_PROGRAM)}

parser = argparse.ArgumentParser(description="Run a Keylab key migration plan")
parser.add_argument("--plan", required=True)
parser.add_argument("--checkpoint", required=True)
parser.add_argument("--endpoint")
parser.add_argument("--region", default=os.environ.get("AWS_REGION", "us-east-1"))
parser.add_argument("--concurrency", type=int, default=RULES["concurrency"])
args = parser.parse_args()


def revive(obj):
    if isinstance(obj.get("B"), str):
        obj["B"] = base64.b64decode(obj["B"])
    if isinstance(obj.get("BS"), list) and all(isinstance(m, str) for m in obj["BS"]):
        obj["BS"] = [base64.b64decode(m) for m in obj["BS"]]
    return obj


with open(args.plan, encoding="utf-8") as f:
    plan = json.load(f, object_hook=revive)
client = boto3.client("dynamodb", endpoint_url=args.endpoint, region_name=args.region, config=Config(retries={"total_max_attempts": 1}, max_pool_connections=max(10, args.concurrency)))
total = len(plan["rewrites"])

checkpoint = {"format": RULES["checkpointFormat"], "planId": plan["planId"], "total": total, "reservedUpTo": 0, "done": [], "skipped": [], "failed": []}
if os.path.exists(args.checkpoint):
    with open(args.checkpoint, encoding="utf-8") as f:
        saved = json.load(f)
    if saved.get("format") != RULES["checkpointFormat"] or saved.get("planId") != plan["planId"]:
        sys.exit(f"{args.checkpoint} belongs to another plan ({saved.get('planId')}; this one is {plan['planId']}): delete it to start over.")
    checkpoint = saved
uncertain_below = checkpoint["reservedUpTo"]
done = set(checkpoint["done"])
skipped = {entry["index"]: entry for entry in checkpoint["skipped"]}
failed = {}


def save():
    data = dict(checkpoint, done=sorted(done), skipped=[skipped[i] for i in sorted(skipped)], failed=[failed[i] for i in sorted(failed)])
    with open(args.checkpoint + ".tmp", "w", encoding="utf-8") as f:
        json.dump(data, f, separators=(",", ":"))
    os.replace(args.checkpoint + ".tmp", args.checkpoint)


${pythonRetryText()}


def backoff(attempt):
    return backoff_delay(attempt) / 1000


def text(value):
    if "S" in value:
        return value["S"]
    if "N" in value:
        return value["N"]
    if "B" in value:
        return base64.b64encode(value["B"]).decode("ascii")
    return json.dumps(value)


def describe_key(key):
    return ", ".join(f"{name} = {json.dumps(text(key[name]), ensure_ascii=False)}" for name in key)


def canonical(value):
    if isinstance(value, (bytes, bytearray)):
        return base64.b64encode(bytes(value)).decode("ascii")
    if isinstance(value, list):
        return [canonical(v) for v in value]
    if isinstance(value, dict):
        return {name: (sorted(canonical(v) for v in value[name]) if name in ("SS", "NS", "BS") else canonical(value[name])) for name in sorted(value)}
    return value


def same(a, b):
    return json.dumps(canonical(a), sort_keys=True) == json.dumps(canonical(b), sort_keys=True)


def error_code(error):
    return error.response.get("Error", {}).get("Code", "") if isinstance(error, ClientError) else type(error).__name__


def retryable(error):
    return retry_reason(error_code(error), error.response.get("ResponseMetadata", {}).get("HTTPStatusCode")) is not None


def with_retries(call):
    attempt = 1
    while True:
        try:
            return call()
        except ClientError as error:
            if attempt >= RULES["maxAttempts"] or not retryable(error):
                raise
            time.sleep(backoff(attempt))
            attempt += 1


def settle(rewrite):
    rule = rewrite["settle"]
    reads = [rule["read"]] if rule["kind"] == "sameKey" else [rule["oldRead"], rule["newRead"]]
    output = with_retries(lambda: client.transact_get_items(TransactItems=[{"Get": read} for read in reads]))
    items = [response.get("Item") for response in output.get("Responses", [])] + [None, None]
    old_item, new_item = items[0], items[1]
    if rule["kind"] == "sameKey":
        if not old_item:
            return "deleted"
        if all(name in old_item and same(old_item[name], want) for name, want in rule["expect"].items()):
            return "done"
        return "pending" if same(old_item, rewrite["item"]) else "changed"
    if new_item and rule["keepsOld"]:
        return "done" if same(new_item, rewrite["newItem"]) else "newKeyTaken"
    if new_item and not old_item:
        return "done"
    if not old_item:
        return "deleted"
    if not same(old_item, rewrite["item"]):
        return "changed"
    return "newKeyTaken" if new_item else "pending"


def record(index, state):
    failed.pop(index, None)
    if state == "done":
        done.add(index)
    else:
        skipped[index] = {"index": index, "reason": state, "message": describe_key(plan["rewrites"][index]["key"]) + ": " + RULES["skipMessages"][state]}


def migrate_one(index):
    rewrite = plan["rewrites"][index]
    if index < uncertain_below:
        state = settle(rewrite)
        if state != "pending":
            return record(index, state)
    attempt = 1
    while True:
        try:
            client.transact_write_items(**rewrite["transaction"])
            return record(index, "done")
        except ClientError as error:
            code = error_code(error)
            reasons = [reason.get("Code", "None") for reason in error.response.get("CancellationReasons", [])] if code == "TransactionCanceledException" else None
            if reasons is not None and "ConditionalCheckFailed" in reasons:
                state = settle(rewrite)
                if state != "pending":
                    return record(index, state)
                if attempt >= RULES["maxAttempts"]:
                    raise RuntimeError("its transaction was refused and the item still looks pending; rerun to retry it")
            elif attempt >= RULES["maxAttempts"] or not (any(r in RETRY_RULES["retryableCancellationReasons"] for r in reasons) if reasons is not None else retryable(error)):
                raise
            time.sleep(backoff(attempt))
            attempt += 1


def run(index):
    if index in done or index in skipped:
        return
    try:
        migrate_one(index)
    except Exception as error:  # reported per item, the run goes on
        failed[index] = {"index": index, "message": describe_key(plan["rewrites"][index]["key"]) + ": " + (error_code(error) + ": " if isinstance(error, ClientError) else "") + str(error)}


with ThreadPoolExecutor(max_workers=args.concurrency) as pool:
    for chunk_start in range(0, total, RULES["chunk"]):
        chunk_end = min(total, chunk_start + RULES["chunk"])
        checkpoint["reservedUpTo"] = max(checkpoint["reservedUpTo"], chunk_end)
        save()
        list(pool.map(run, range(chunk_start, chunk_end)))
        save()

report = {"format": RULES["reportFormat"], "planId": plan["planId"], "total": total, "done": len(done), "skipped": [skipped[i] for i in sorted(skipped)], "failed": [failed[i] for i in sorted(failed)]}
print(json.dumps(report, ensure_ascii=False, separators=(",", ":")))
sys.exit(1 if failed else 0)
`;
}

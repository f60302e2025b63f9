/** Binary values print base64-encoded in DynamoDB's messages; the encoder lives in src/keys. */
export { encodeBase64 as toBase64 } from '../../keys';

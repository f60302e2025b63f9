/** Named AWS profiles: the list the page shows, and the signer that uses their credentials (which never reach the page). */
export {
  awsProfileRoutes,
  configuredEndpoint,
  createProfileCredentials,
  listProfiles,
  PROFILE_HEADER,
  PROFILE_MAX_BODY_BYTES,
  PROFILE_PROXY_PATH,
  PROFILES_PATH,
  type AwsProfileOptions,
  type ProfileSummary,
} from './awsProfiles';
export { describeProfileError, scrubProviderText, type ProfileProblem } from './profileErrors';
export { classifyProfile, type ProfileKind } from './profileKinds';

/** Named AWS profiles: the list the page shows, and the signer that uses their credentials (which never reach the page). */
export { awsProfileRoutes, PROFILE_HEADER, PROFILE_MAX_BODY_BYTES, PROFILE_PROXY_PATH, PROFILES_PATH } from './awsProfiles';
export { createProfileCredentials, type AwsProfileOptions } from './profileCredentials';
export { describeProfileError, scrubProviderText, type ProfileProblem } from './profileErrors';
export { classifyProfile, configuredEndpoint, listProfiles, type ProfileKind, type ProfileSummary } from './profileFiles';

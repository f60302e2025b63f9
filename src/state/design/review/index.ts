export * from './designReview';
export * from './designReviewStore';
export * from './storedKeys';
export * from './reviewerName';

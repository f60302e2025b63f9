export * from './designReview';
export * from './designReviewStore';

// Orders and payment contract. Filled in by the checkout issue.
export {};

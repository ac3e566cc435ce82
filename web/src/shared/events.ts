/** Window events the app raises (spec 2, 4). */
export const CUSTOMER_SERVICE_EVENT = 'customer-service';
export const USER_INFO_CHANGED_EVENT = 'user-info-changed';

/** Ask for customer service from anywhere. */
export function openCustomerService(): void {
  window.dispatchEvent(new Event(CUSTOMER_SERVICE_EVENT));
}

/** What other areas may use of view-as: the header name and the read-only rule's test. */
export { VIEW_AS_HEADER } from "./view-as.service.ts";
export { isReadRequest } from "./view-as.guard.ts";

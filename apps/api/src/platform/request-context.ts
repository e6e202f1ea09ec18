/**
 * Who is asking, for throttling and the audit trail (issue #10 "platform": request context).
 */
import type { FastifyRequest } from "fastify";

/** Who is asking, for throttling and the audit trail. */
export interface RequestContext {
  /** Client address (request.ip, honouring TRUST_PROXY_HOPS). */
  ip: string;
  requestId: string;
}

/** Throttling and audit context of a request. */
export function requestContext(request: FastifyRequest): RequestContext {
  return { ip: request.ip, requestId: request.id };
}

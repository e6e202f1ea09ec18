/*
 * Side-effect module imported first by app/entry.client.tsx, so it runs before every other
 * module of the entry and before hydration: see `startMarketingAnalytics`.
 */
import { startMarketingAnalytics } from "./start";

startMarketingAnalytics();

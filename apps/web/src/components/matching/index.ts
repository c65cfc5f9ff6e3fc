export { getRecommendations, matchKeys, useMatchedCatalogueItem, useRecommendations } from './api';
export { CatalogueMatchDialog, type DialogListing } from './catalogue-match-dialog';
export { MatchCard } from './match-card';
export { MatchLimitNotice } from './match-limit-notice';
export { MatchesPanel, PANEL_LIMIT } from './matches-panel';
export { REASON_NAMES, ReasonBreakdown, ReasonChips, reasonFit } from './reasons';
export { SCORE_TIER_LABELS, ScoreRing, ScoreTierLabel, scoreTier, type ScoreTier } from './score';
export {
  aboutMatch,
  isOwnListing,
  matchTarget,
  useConnect,
  type ConnectAbout,
  type ConnectFn,
  type MatchTarget,
  type MatchViewer,
} from './use-match-actions';

export {
  BidPackView,
  BidReply,
  BidStatusBadge,
  RequirementBadge,
  VerdictBadge,
  downloadRequestFile,
} from './bid-pack-view';

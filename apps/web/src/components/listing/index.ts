export { CategorySelect, SubcategoryPicker } from './category-picker';
export { ConfirmDialog } from './confirm-dialog';
export { DetailGrid, DetailItem, DetailSection, TagList } from './detail';
export {
  AVAILABILITY_LABELS,
  AvailabilityBadge,
  DateText,
  DaysLeft,
  Money,
  StockBadge,
  TENDER_STATUS_LABELS,
  TenderStatusBadge,
  availabilityTone,
  daysLeft,
  daysLeftText,
  formatMoneyPence,
  leadTimeText,
  stockText,
} from './display';
export { Pagination } from './pagination';
export { RegionSelect } from './region-select';
export { TagInput } from './tag-input';
export {
  ListingBasicsFields,
  ListingTermsFields,
  fromTri,
  listingFieldSchemas,
  listingFormToBody,
  listingToForm,
  optionalInt,
  orNull,
  toTri,
  type TriState,
} from './listing-fields';

export { AwardDialog, type AwardSupplier } from './award-dialog';
export { TenderAwardAction } from './award-tender';
export { CONTRACT_STATUS_LABELS, ContractStatusBadge } from './contract-status';
export { ProfileLink, profilePath, type ProfileNavState } from './profile-link';
export { useCreateContract, useTenderContracts } from './api';
export { Stars } from './stars';

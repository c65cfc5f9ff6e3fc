import {
  Briefcase,
  FileSignature,
  FilePlus2,
  Handshake,
  LayoutDashboard,
  List,
  MessageSquare,
  Package,
  PackagePlus,
  Radio,
  Settings,
  Sparkles,
  User,
  Users,
  Link2,
} from 'lucide-react';
import type { NavItem } from './app-shell';
import { paths } from '@/lib/paths';

const settings = (role: 'buyer' | 'supplier'): NavItem => ({
  label: 'Settings',
  to: paths.settingsOf(role).profile,
  icon: Settings,
  ungated: true,
  children: [
    { label: 'Profile', to: paths.settingsOf(role).profile },
    { label: 'Accounts', to: paths.settingsOf(role).accounts },
    { label: 'Security', to: paths.settingsOf(role).security },
    { label: 'Billing', to: paths.settingsOf(role).billing },
  ],
});

export const BUYER_NAV: NavItem[] = [
  { label: 'Dashboard', to: paths.buyer.dashboard, icon: LayoutDashboard, end: true },
  { label: 'Listings', to: paths.buyer.tenders, icon: List },
  { label: 'Create tender', to: paths.buyer.createTender, icon: FilePlus2 },
  { label: 'Connect', to: paths.buyer.connect, icon: Link2 },
  { label: 'Messages', to: paths.buyer.messages, icon: MessageSquare },
  { label: 'Deals', to: paths.buyer.deals, icon: Handshake },
  { label: 'Profile', to: paths.buyer.profile, icon: User },
  settings('buyer'),
];

export const SUPPLIER_NAV: NavItem[] = [
  { label: 'Dashboard', to: paths.supplier.dashboard, icon: LayoutDashboard, end: true },
  { label: 'Catalogue', to: paths.supplier.catalogue, icon: Package },
  { label: 'Add to catalogue', to: paths.supplier.addCatalogue(), icon: PackagePlus },
  { label: 'Connect', to: paths.supplier.connect, icon: Link2 },
  { label: 'Live Feed', to: paths.supplier.liveFeed, icon: Radio, planFeature: 'liveFeed' },
  { label: 'My responses', to: paths.supplier.responses, icon: FileSignature },
  { label: 'Bid Assist', to: paths.supplier.bidAssist, icon: Sparkles },
  { label: 'Messages', to: paths.supplier.messages, icon: MessageSquare },
  { label: 'Deals', to: paths.supplier.deals, icon: Briefcase },
  { label: 'Profile', to: paths.supplier.profile, icon: User },
  settings('supplier'),
];

export const ADMIN_NAV: NavItem[] = [
  { label: 'Dashboard', to: paths.admin.dashboard, icon: LayoutDashboard },
  { label: 'Users', to: paths.admin.users(), icon: Users },
];

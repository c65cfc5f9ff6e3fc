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

const settings = (role: 'buyer' | 'supplier'): NavItem => ({
  label: 'Settings',
  to: `/${role}/settings/profile`,
  icon: Settings,
  ungated: true,
  children: [
    { label: 'Profile', to: `/${role}/settings/profile` },
    { label: 'Accounts', to: `/${role}/settings/accounts` },
    { label: 'Security', to: `/${role}/settings/security` },
    { label: 'Billing', to: `/${role}/settings/billing` },
  ],
});

export const BUYER_NAV: NavItem[] = [
  { label: 'Dashboard', to: '/buyer', icon: LayoutDashboard, end: true },
  { label: 'Listings', to: '/buyer/tenders', icon: List },
  { label: 'Create tender', to: '/buyer/create-tender', icon: FilePlus2 },
  { label: 'Connect', to: '/buyer/connect', icon: Link2 },
  { label: 'Messages', to: '/buyer/messages', icon: MessageSquare },
  { label: 'Deals', to: '/buyer/deals', icon: Handshake },
  { label: 'Profile', to: '/buyer/profile', icon: User },
  settings('buyer'),
];

export const SUPPLIER_NAV: NavItem[] = [
  { label: 'Dashboard', to: '/supplier', icon: LayoutDashboard, end: true },
  { label: 'Catalogue', to: '/supplier/catalogue', icon: Package },
  { label: 'Add to catalogue', to: '/supplier/add-catalogue', icon: PackagePlus },
  { label: 'Connect', to: '/supplier/connect', icon: Link2 },
  { label: 'Live Feed', to: '/supplier/external-search', icon: Radio, planFeature: 'liveFeed' },
  { label: 'My responses', to: '/supplier/responses', icon: FileSignature },
  { label: 'Bid Assist', to: '/supplier/bid-assist', icon: Sparkles },
  { label: 'Messages', to: '/supplier/messages', icon: MessageSquare },
  { label: 'Deals', to: '/supplier/deals', icon: Briefcase },
  { label: 'Profile', to: '/supplier/profile', icon: User },
  settings('supplier'),
];

export const ADMIN_NAV: NavItem[] = [
  { label: 'Dashboard', to: '/admin/dashboard', icon: LayoutDashboard },
  { label: 'Users', to: '/admin/users', icon: Users },
];

export const ROLES = ['buyer', 'supplier', 'admin'] as const;
export type Role = (typeof ROLES)[number];
/** Roles a person may choose when signing up; admins are created by the CLI only. */
export const SIGNUP_ROLES = ['buyer', 'supplier'] as const;
export type SignupRole = (typeof SIGNUP_ROLES)[number];

/** Each role's home in the web app (docs/product.md section 6, first reading). */
export const ROLE_HOME: Record<Role, string> = {
  buyer: '/buyer',
  supplier: '/supplier',
  admin: '/admin/dashboard',
};

export function homePathFor(role: string | null | undefined): string {
  return role && role in ROLE_HOME ? ROLE_HOME[role as Role] : '/login';
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

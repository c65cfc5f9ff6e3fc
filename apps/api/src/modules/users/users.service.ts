/*
 * The users module's face to the others: a module that needs a user (the guard's principal, a
 * live account, a sign-up) asks here; only this module's own files import its repository.
 */
export {
  bumpSessionVersion,
  findUserByEmail,
  findUserById,
  insertUser,
  loadPrincipal,
  markEmailVerified,
  setPassword,
  type NewUser,
  type UserRow,
} from './users.repository.ts';

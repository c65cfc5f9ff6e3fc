/** The link that writes to the buyer: their published address, the notice's title as the subject. */
export function mailtoBuyer(email: string, title: string): string {
  return `mailto:${email}?subject=${encodeURIComponent(title)}`;
}

/** Query keys of messaging; a realtime resync invalidates `all`. */
export const messagingKeys = {
  all: ['messaging'] as const,
  conversations: ['messaging', 'conversations'] as const,
  messages: (conversationId: string) => ['messaging', 'messages', conversationId] as const,
  userSearch: (term: string) => ['messaging', 'user-search', term] as const,
};

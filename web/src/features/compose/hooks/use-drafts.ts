import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useSignInStatus } from '@/lib/sign-in'
import { createDraft, deleteDraft, listDrafts, renameDraft } from '../api/drafts'

const key = ['drafts'] as const

/** The signed-in player's drafts, and the changes they can make to them; each change refreshes the list. */
export function useDrafts() {
  const signedIn = useSignInStatus() === 'authenticated'
  const client = useQueryClient()
  const list = useQuery({ queryKey: key, queryFn: listDrafts, enabled: signedIn, staleTime: 0, gcTime: 0 })
  const done = { onSuccess: () => client.invalidateQueries({ queryKey: key }) }
  return {
    signedIn,
    list,
    save: useMutation({ mutationFn: createDraft, ...done }),
    rename: useMutation({ mutationFn: (v: { id: string; name: string }) => renameDraft(v.id, v.name), ...done }),
    remove: useMutation({ mutationFn: deleteDraft, ...done }),
  }
}

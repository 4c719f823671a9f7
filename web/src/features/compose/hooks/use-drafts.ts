import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useEffectEvent } from 'react'
import { useSearchParams } from 'react-router'
import { useSignIn } from '@/lib/sign-in'
import { compositionOf, createDraft, deleteDraft, listDrafts, renameDraft } from '../api/drafts'
import type { Composition } from '../utils/composition'

const key = ['drafts'] as const

/**
 * The signed-in player's drafts, and the changes they can make to them; each change refreshes the list. Drafts are
 * the one part of the game that needs a session: `signIn` asks for it (docs/decisions/first-use.md).
 */
export function useDrafts() {
  const { status, available, requested, request } = useSignIn()
  const signedIn = status === 'authenticated'
  const client = useQueryClient()
  const list = useQuery({ queryKey: key, queryFn: listDrafts, enabled: signedIn, staleTime: 0, gcTime: 0 })
  // The list may be on its first read as a change lands (a save sent as the sign-in completes starts beside it), and
  // TanStack Query answers a refetch of a query with no data yet with the read in flight, which may not have the
  // change: that read is dropped first, and the list read anew.
  const done = {
    onSuccess: async () => {
      await client.cancelQueries({ queryKey: key })
      await client.invalidateQueries({ queryKey: key })
    },
  }
  return {
    signedIn,
    /** False when the game's server cannot be reached: no sign-in, no drafts. */
    available,
    /** Whether a sign-in is being asked for. */
    signingIn: requested,
    signIn: request,
    list,
    save: useMutation({ mutationFn: createDraft, ...done }),
    rename: useMutation({ mutationFn: (v: { id: string; name: string }) => renameDraft(v.id, v.name), ...done }),
    remove: useMutation({ mutationFn: deleteDraft, ...done }),
  }
}

/**
 * Loads the draft a link names (`/compose/:id?draft=…`, "Open in Compose" on a draft's page) once the player's
 * drafts are read, if it is theirs and dresses this sky; the link's parameter is then dropped.
 */
export function useDraftFromLink(skyId: bigint, load: (composition: Composition) => void) {
  const [params, setParams] = useSearchParams()
  const wanted = params.get('draft')
  const { list } = useDrafts()
  const onLoad = useEffectEvent(load)
  useEffect(() => {
    if (!wanted || !list.data) return
    const draft = list.data.find((d) => d.id === wanted && d.skyId === skyId.toString())
    if (draft) onLoad(compositionOf(draft))
    setParams(
      (next) => {
        next.delete('draft')
        return next
      },
      { replace: true },
    )
  }, [wanted, list.data, skyId, setParams])
}

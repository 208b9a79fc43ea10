// Private notes on pins (issue 22 item 3): one per player per pin, seen only by its author, kept on the
// server and followed live on the player's other devices over the page's event stream.
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../api';
import type { EventStream } from './events';
import { keys, paths } from './keys';
import { queryClient } from './query-client';
import { useMe } from './hooks';
import type { PinNote, PinNoteResult } from '../../common/api';

/** A change of one of the player's notes pushed by the server (server/repos/notes.ts NoteNotice). */
export interface NoteNotice {
  userId: number;
  pinId: number;
  deleted: boolean;
  updatedAt: number;
}

/** The signed-in player's note on a pin (null: none); nothing is asked for a visitor. */
export function usePinNote(pinId: number) {
  const me = useMe().data;
  return useQuery({
    queryKey: keys.note(pinId),
    queryFn: async () => (await api.get<PinNoteResult>(paths.note(pinId))).note,
    enabled: me != null && pinId > 0,
  });
}

/** After a note changed here or elsewhere: the pin's note and the searches that show notes. */
function noteChanged(pinId: number, note: PinNote | null | undefined): void {
  if (note !== undefined) queryClient.setQueryData(keys.note(pinId), note);
  else void queryClient.invalidateQueries({ queryKey: keys.note(pinId) });
  void queryClient.invalidateQueries({ queryKey: ['search'] });
}

/** Writes (creates or replaces) the player's note on a pin. */
export function useSaveNote() {
  return useMutation({
    mutationFn: async ({ pinId, body }: { pinId: number; body: string }) => (await api.put<PinNoteResult>(paths.note(pinId), { body })).note,
    onSuccess: (note, { pinId }) => noteChanged(pinId, note),
  });
}

/** Deletes the player's note on a pin. */
export function useDeleteNote() {
  return useMutation({
    mutationFn: async ({ pinId }: { pinId: number }) => (await api.delete<PinNoteResult>(paths.note(pinId))).note,
    onSuccess: (_r, { pinId }) => noteChanged(pinId, null),
  });
}

/** Follows the player's notes written on their other devices (the server sends a player only their own). */
export function startLiveNotes(events: EventStream, currentUserId: () => number | null): () => void {
  const offNote = events.on('note', (data) => {
    const n = JSON.parse(data) as NoteNotice;
    if (n.userId === currentUserId()) noteChanged(n.pinId, n.deleted ? null : undefined);
  });
  // After a reconnect, changes may have been missed: read the open notes again.
  const offReady = events.on('ready', ({ reconnect }) => {
    if (reconnect) void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'pin' && q.queryKey[2] === 'note' });
  });
  return () => {
    offNote();
    offReady();
  };
}

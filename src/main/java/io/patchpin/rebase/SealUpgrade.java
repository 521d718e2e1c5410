package io.patchpin.rebase;

import io.patchpin.core.BadInputException;
import io.patchpin.kind.BaseReplay;
import io.patchpin.kind.EntryKind;
import io.patchpin.patchset.Entry;
import java.util.Optional;

/**
 * Gives a seal written before evidence of place was recorded that evidence,
 * by sealing the entry again at its old base (replayed in order, in memory)
 * and keeping the result only when it reproduces every recorded checksum.
 * Without the old base's objects an entry keeps the seal it has.
 */
final class SealUpgrade {
    private final Optional<BaseReplay> oldBase;

    SealUpgrade(Optional<BaseReplay> oldBase) {
        this.oldBase = oldBase;
    }

    /** The entry with an upgraded seal when it can be proven, else as it is; then replays it at the old base. */
    Entry of(Entry e) {
        if (oldBase.isEmpty()) {
            return e;
        }
        Entry out = EntryKind.of(e).upgraded(() -> oldBase.get().input(e.component(), e.files()));
        try {
            oldBase.get().apply(e);
        } catch (BadInputException | IllegalStateException ex) {
            // not applicable at its old base (objects missing, seal broken): later seals are checked on their own
            // hashes
        }
        return out;
    }
}

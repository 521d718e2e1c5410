package io.patchpin.check;

import io.patchpin.patchset.Entry;

import java.util.List;
import java.util.Objects;

/**
 * The verdict of one entry with its one-line human detail and the numbers
 * behind it. Text is rendered from this, never parsed back.
 */
public record EntryVerdict(String id, Entry.Kind kind, String component, List<String> files, Verdict verdict,
        String detail, Evidence evidence, boolean sealed) {

    public EntryVerdict {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(verdict, "verdict");
        files = List.copyOf(files);
        detail = detail == null ? "" : detail;
        evidence = evidence == null ? Evidence.NONE : evidence;
    }

    /** A verdict of an entry whose seal is not known here (counted as sealed). */
    public EntryVerdict(String id, Entry.Kind kind, String component, List<String> files, Verdict verdict, String detail,
            Evidence evidence) {
        this(id, kind, component, files, verdict, detail, evidence, true);
    }

    public static EntryVerdict of(Entry entry, Verdict verdict, String detail, Evidence evidence) {
        return new EntryVerdict(entry.id(), entry.kind(), entry.component(), entry.files(), verdict, detail, evidence,
                entry.seal().isPresent());
    }

    public VerdictClass verdictClass() {
        return verdict.verdictClass();
    }
}

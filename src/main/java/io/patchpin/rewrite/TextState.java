package io.patchpin.rewrite;

import io.patchpin.check.Drift;
import io.patchpin.core.Hashes;
import io.patchpin.patchset.TextEntry;
import io.patchpin.patchset.TextSeal;

import java.util.List;

/**
 * One text entry against one file content, as both text checkers read it: the bytes and their digest, the
 * decoded text and its lines, the entry's seal (null when unsealed), and what the check finds on the way.
 */
abstract class TextState<E extends TextEntry> {
    final E e;
    final byte[] bytes;
    final DecodedText text;
    final String t;
    final LineIndex lines;
    final TextSeal seal;
    final String sha;
    Drift drift = Drift.NONE;
    int placeLine;
    List<Integer> lookalikes = List.of();

    TextState(E e, byte[] bytes) {
        this.e = e;
        this.bytes = bytes;
        this.text = DecodedText.decode(bytes);
        this.t = text.value();
        this.lines = new LineIndex(t);
        this.seal = e.seal().orElse(null);
        this.sha = Hashes.sha256(bytes);
    }
}

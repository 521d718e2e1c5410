package io.patchpin.patchset;

import io.patchpin.core.Hashes;

import java.util.List;
import java.util.Objects;

/**
 * Seal of a rewrite or insert: sha256 of the file before and after the entry at
 * the base, how many matches the anchor had there, and sha256 of the lines
 * around each edited match (the context).
 */
public record TextSeal(String before, String after, int matches, List<String> context, String digest) implements Seal {
    public TextSeal {
        requireSha(before, "before");
        requireSha(after, "after");
        requireSha(digest, "digest");
        context = List.copyOf(context);
        context.forEach(c -> requireSha(c, "context"));
        if (matches < 0) {
            throw new IllegalArgumentException("matches < 0");
        }
    }

    static void requireSha(String value, String what) {
        if (!Hashes.isSha256(Objects.requireNonNull(value, what))) {
            throw new IllegalArgumentException(what + " is not a sha256: " + value);
        }
    }
}

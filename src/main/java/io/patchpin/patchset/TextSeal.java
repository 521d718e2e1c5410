package io.patchpin.patchset;

import io.patchpin.core.Hashes;
import java.util.List;

/**
 * Seal of a rewrite or insert: sha256 of the file before and after the entry at the base, how many matches the anchor
 * had there, sha256 of the lines around each edited match (the context), and per edited match the evidence of its place
 * ({@link Place}; empty in seals written before it was recorded).
 */
public record TextSeal(
        String before, String after, int matches, List<String> context, String digest, List<Place> places)
        implements Seal {
    public TextSeal {
        places = places == null ? List.of() : List.copyOf(places);
        Hashes.requireSha256(before, "before");
        Hashes.requireSha256(after, "after");
        Hashes.requireSha256(digest, "digest");
        context = List.copyOf(context);
        context.forEach(c -> Hashes.requireSha256(c, "context"));
        if (matches < 0) {
            throw new IllegalArgumentException("matches < 0");
        }
    }

    /** Whether the seal carries evidence of place for every edited match. */
    public boolean hasPlaces() {
        return !places.isEmpty() && places.size() == context.size();
    }
}

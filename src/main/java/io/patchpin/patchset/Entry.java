package io.patchpin.patchset;

import java.util.List;
import java.util.Optional;

/** One edit of one file set in one component; entries of a patchset apply in order. */
public sealed interface Entry permits TextEntry, PatchEntry {

    /** Entry kinds as written in patchset.toml. */
    enum Kind {
        REWRITE, INSERT, PATCH;

        public String word() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    String id();

    Kind kind();

    /** Component path from the superproject root, "." for the superproject. */
    String component();

    /** Files the entry touches, relative to the component, sorted. */
    List<String> files();

    String why();

    /** Upstream links (issues, pull requests) explaining the entry. */
    List<String> links();

    /** The seal, or empty for an entry not yet sealed (written where the base objects were not available). */
    Optional<? extends Seal> seal();

    /** sha256 over the entry's definition (not its seal): a hand edit changes it. */
    String definitionDigest();

    /** Whether the entry has a seal that was made for this definition: false when unsealed or edited since. */
    default boolean sealMatchesDefinition() {
        return seal().map(s -> s.digest().equals(definitionDigest())).orElse(false);
    }

    /** Whether the entry has a seal that was made for another definition (it was edited after it was sealed). */
    default boolean sealOutdated() {
        return seal().isPresent() && !sealMatchesDefinition();
    }

    /** The seal of a rewrite or insert; empty for a patch or an unsealed entry. */
    default Optional<TextSeal> textSeal() {
        return seal().filter(TextSeal.class::isInstance).map(TextSeal.class::cast);
    }

    /** The same entry with another seal (empty to unseal). */
    Entry withSeal(Seal seal);

    /** Where the change stands upstream; {@link Upstream#NONE} when the entry says nothing. Not in the definition digest. */
    Upstream upstream();

    /** The same entry with another upstream record. */
    Entry withUpstream(Upstream upstream);
}

package io.patchpin.patchset;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/** One edit of one file set in one component; entries of a patchset apply in order. */
public sealed interface Entry permits TextEntry, PatchEntry {

    /** Entry kinds as written in patchset.toml. */
    enum Kind {
        REWRITE,
        INSERT,
        PATCH;

        public String word() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * What every entry holds besides its edit and its seal: its id, its component, and what it says
     * about itself (why, links, upstream), which its definition digest leaves out.
     */
    record Common(String id, String component, String why, List<String> links, Upstream upstream) {
        public Common {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(component, "component");
            why = why == null ? "" : why;
            links = List.copyOf(links);
            upstream = upstream == null ? Upstream.NONE : upstream;
        }

        Common withUpstream(Upstream u) {
            return new Common(id, component, why, links, u);
        }

        /** The start of every entry's definition: its kind and component. */
        Definition definition(Kind kind) {
            return new Definition().add("kind", kind.word()).add("component", component);
        }
    }

    Common common();

    default String id() {
        return common().id();
    }

    Kind kind();

    /** Component path from the superproject root, "." for the superproject. */
    default String component() {
        return common().component();
    }

    /** Files the entry touches, relative to the component, sorted. */
    List<String> files();

    default String why() {
        return common().why();
    }

    /** The patch file the entry names inside the patchset folder; empty for an entry whose edit lives in patchset.toml. */
    default Optional<String> patchFile() {
        return Optional.empty();
    }

    /** "Name <mail>" of the change's author when the entry came with one (a format-patch mail), else "". */
    default String author() {
        return "";
    }

    /** The change's own subject line when the entry came with one (a format-patch mail), else "". */
    default String subject() {
        return "";
    }

    /** Upstream links (issues, pull requests) explaining the entry. */
    default List<String> links() {
        return common().links();
    }

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
    default Upstream upstream() {
        return common().upstream();
    }

    /** The same entry with another upstream record. */
    Entry withUpstream(Upstream upstream);
}

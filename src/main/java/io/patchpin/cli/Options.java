package io.patchpin.cli;

import io.patchpin.core.BadInputException;
import io.patchpin.core.RelativePath;
import io.patchpin.patchset.Upstream;
import io.patchpin.verify.ComponentFilter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The option holders several commands share, as picocli mixins. Where a command's help says more than the default
 * description, its line is in Formats.properties ({@code VERB.NAME}, the option's long name without the dashes).
 */
final class Options {
    private Options() {}

    static final class PatchsetArg {
        @Parameters(index = "0", paramLabel = "DIR", description = "Patchset folder.")
        Path dir;
    }

    static final class LockArg {
        @Parameters(index = "0", paramLabel = "LOCK", description = "The lockfile.")
        Path file;
    }

    static final class Output {
        @Option(
                names = {"-o", "--output"},
                paramLabel = "FILE",
                description = "Write here (default: stdout).")
        Path file;
    }

    /** {@code --rev}: the superproject revision a command works at; what it defaults to is each command's help line. */
    static final class Rev {
        @Option(
                names = "--rev",
                paramLabel = "REV",
                description = "Superproject revision to check (default: the work tree).")
        String rev;

        String orHead() {
            return rev == null ? "HEAD" : rev;
        }
    }

    /** {@code --component C}: the one component a command works on. */
    static final class ComponentPath {
        @Option(
                names = "--component",
                paramLabel = "C",
                description = "Component path from the superproject root (default: the superproject '.').")
        String path;

        /** The path given, checked and normalized; the superproject when none is. */
        String checked() {
            return path == null ? "." : RelativePath.check("--component", 0, path);
        }
    }

    /** {@code --component}, repeatable: the commands that work on some components only. */
    static final class Components {
        @Option(
                names = "--component",
                paramLabel = "PATH",
                description = "Only the entries on this component (repeatable; . is the superproject).")
        List<String> components = new ArrayList<>();

        ComponentFilter filter() {
            return ComponentFilter.of(components);
        }
    }

    static final class EntryId {
        @Option(names = "--id", paramLabel = "ID", description = "Entry id (default: derived from the file name).")
        String id;
    }

    /** What every {@code add} subcommand records beside the edit: why, links and where it stands upstream. */
    static final class EntryNotes {
        @Option(
                names = "--why",
                paramLabel = "TEXT",
                description = "Why the edit is needed (upstream issue, build failure...).")
        String why;

        @Option(
                names = "--link",
                paramLabel = "URL",
                description = "An upstream issue, pull request or commit (repeatable).")
        List<String> links = new ArrayList<>();

        @Mixin
        UpstreamRecord upstream;

        List<String> links() {
            for (String l : links) {
                if (!Upstream.URL.matcher(l).matches()) {
                    throw new BadInputException("--link", 0, "'" + l + "' is not an http(s) URL");
                }
            }
            return List.copyOf(links);
        }
    }

    /** {@code --upstream-status/--upstream-url/--upstream-commit}: the entry's {@code [entry.upstream]} record. */
    static final class UpstreamRecord {
        @Option(
                names = "--upstream-status",
                paramLabel = "STATUS",
                description = "pending, submitted, merged, backport or inappropriate (default: merged with a commit, "
                        + "submitted with a URL).")
        String status;

        @Option(names = "--upstream-url", paramLabel = "URL", description = "The upstream pull request or review.")
        String url;

        @Option(
                names = "--upstream-commit",
                paramLabel = "SHA",
                description = "The upstream commit that contains the change (verify says MERGED once the pin has it).")
        String commit;

        /** The record given, {@link Upstream#NONE} when no option is. */
        Upstream upstream() {
            try {
                return Upstream.of(status, url, commit);
            } catch (Upstream.Invalid e) {
                throw new BadInputException("--upstream-" + e.key(), 0, e.getMessage());
            }
        }
    }
}

package io.patchpin.cli;

import io.patchpin.core.BadInputException;
import io.patchpin.patchset.Upstream;
import picocli.CommandLine.Option;

/** {@code --upstream-status/--upstream-url/--upstream-commit}: the entry's {@code [entry.upstream]} record. */
public final class UpstreamOptions {
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

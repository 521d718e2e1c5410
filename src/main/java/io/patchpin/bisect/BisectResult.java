package io.patchpin.bisect;

import io.patchpin.core.ExitCode;
import io.patchpin.core.OperationResult;

import java.util.List;

/**
 * The first superproject commit at which an entry stops being ok (or, with
 * {@code --until broken}, becomes broken).
 *
 * @param entry           entry id
 * @param commit          40-hex first bad superproject commit
 * @param subject         its subject line
 * @param author          "Name <mail>"
 * @param date            ISO-8601 author date
 * @param component       the entry's component
 * @param componentBefore the component's commit just before (null when absent)
 * @param componentAfter  the component's commit at the first bad commit (null when absent)
 * @param verdict         the entry's verdict there
 * @param detail          the verdict's detail there
 * @param candidates      commits searched (first-parent, after good up to bad)
 * @param checks          verifications run
 * @param until           what was searched for: "not-ok" or "broken"
 * @param onTheWay        verdict changes before the first bad commit that involve a review verdict, oldest first
 */
public record BisectResult(String entry, String commit, String subject, String author, String date, String component,
        String componentBefore, String componentAfter, String verdict, String detail, int candidates, int checks,
        String until, List<Step> onTheWay) implements OperationResult {

    public BisectResult {
        onTheWay = List.copyOf(onTheWay);
    }

    /** Finding the commit is the success; what the entry's verdict there is, is the report. */
    @Override
    public ExitCode exitCode() {
        return ExitCode.OK;
    }

    /** A verdict change at one commit: the entry was {@code from} just before it and is {@code to} there. */
    public record Step(LineCommit commit, String from, String to, String detail) {
    }
}

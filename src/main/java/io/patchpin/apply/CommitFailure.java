package io.patchpin.apply;

import org.eclipse.jgit.lib.Repository;

/** A commit of {@code apply --commit} could not be made (a lock held, a ref moved under us, an I/O error). */
public final class CommitFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    CommitFailure(Repository repo, String message, Throwable cause) {
        super(
                "cannot commit in " + describe(repo) + ": " + message
                        + (cause == null || cause.getMessage() == null ? "" : " (" + cause.getMessage() + ")"),
                cause);
    }

    private static String describe(Repository repo) {
        return repo.isBare()
                ? repo.getDirectory().getName()
                : repo.getWorkTree().getName();
    }
}

package io.patchpin.workspace;

import io.patchpin.core.Version;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.api.errors.GitAPIException;
import org.eclipse.jgit.api.errors.JGitInternalException;
import org.eclipse.jgit.errors.InvalidPatternException;
import org.eclipse.jgit.errors.MissingObjectException;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;

/**
 * A component's version at a commit, read from its release tags as {@code git describe --tags} finds them: the nearest
 * {@code rocm-X}, {@code vX} or {@code therock-X} tag at or below the commit. Reads only.
 */
public final class TagVersion {
    private static final String[] TAGS = {"rocm-[0-9]*", "v[0-9]*", "therock-[0-9]*"};
    private static final Pattern DESCRIBED = Pattern.compile("(.+?)(?:-(\\d+)-g[0-9a-f]+)?");
    private static final Pattern NUMBER = Pattern.compile("(?:rocm-|v|therock-)(\\d+(?:\\.\\d+)*)\\b.*");

    private TagVersion() {}

    /** The version at {@code commit} of {@code repo}; empty when no release tag is at or below it. */
    public static Optional<Version> of(Repository repo, String commit) {
        String described;
        try {
            described = Git.wrap(repo)
                    .describe()
                    .setTarget(ObjectId.fromString(commit))
                    .setTags(true)
                    .setMatch(TAGS)
                    .call();
        } catch (MissingObjectException e) {
            return Optional.empty(); // the commit is not here: no version known
        } catch (JGitInternalException e) {
            if (e.getCause() instanceof MissingObjectException) {
                return Optional.empty(); // a shallow history ends before any tag
            }
            throw e;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the tags of " + repo.getDirectory(), e);
        } catch (GitAPIException | InvalidPatternException e) {
            throw new IllegalStateException("cannot describe " + commit, e);
        }
        if (described == null) {
            return Optional.empty();
        }
        Matcher m = DESCRIBED.matcher(described);
        m.matches(); // always: the "-N-gHASH" suffix is optional, so any name is a tag
        Matcher n = NUMBER.matcher(m.group(1));
        if (!n.matches()) {
            return Optional.empty();
        }
        String from = "tag " + m.group(1) + (m.group(2) == null ? "" : " + " + m.group(2) + " commits");
        return Optional.of(Version.parse(n.group(1), from));
    }
}

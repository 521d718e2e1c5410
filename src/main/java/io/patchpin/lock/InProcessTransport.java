package io.patchpin.lock;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Optional;
import org.eclipse.jgit.errors.MissingObjectException;
import org.eclipse.jgit.errors.NotSupportedException;
import org.eclipse.jgit.errors.TransportException;
import org.eclipse.jgit.lib.NullProgressMonitor;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.lib.RepositoryCache;
import org.eclipse.jgit.storage.file.FileRepositoryBuilder;
import org.eclipse.jgit.transport.BasePackFetchConnection;
import org.eclipse.jgit.transport.FetchConnection;
import org.eclipse.jgit.transport.PackTransport;
import org.eclipse.jgit.transport.PushConnection;
import org.eclipse.jgit.transport.RefSpec;
import org.eclipse.jgit.transport.Transport;
import org.eclipse.jgit.transport.URIish;
import org.eclipse.jgit.transport.UploadPack;

/**
 * Fetches into a repository from a source URL or path. A local repository is served in-process, on a thread of our own:
 * JGit's own local transport prints the serving side's stack trace on standard error when serving fails (a
 * partial-clone mirror that lacks the blobs its refs reach) and the caller only sees "internal server error". Here the
 * serving side's failure is kept, so the message can name the missing object, and nothing is printed.
 */
final class InProcessTransport {
    private InProcessTransport() {}

    /** Fetches {@code specs} from {@code source} into {@code repo}; empty when it worked, else why, in one line. */
    static Optional<String> fetch(Repository repo, String source, List<RefSpec> specs) {
        try {
            Optional<File> local = localGitDir(repo, source);
            if (local.isEmpty()) {
                try (Transport t = Transport.open(repo, source)) {
                    t.fetch(NullProgressMonitor.INSTANCE, specs);
                }
                return Optional.empty();
            }
            try (Repository served = new FileRepositoryBuilder()
                            .setGitDir(local.get())
                            .setMustExist(true)
                            .build();
                    Served t = new Served(repo, new URIish(source), served)) {
                try {
                    t.fetch(NullProgressMonitor.INSTANCE, specs);
                    return Optional.empty();
                } catch (TransportException e) {
                    return Optional.of(t.missingObject()
                            .map(id -> "object " + id + " is missing from " + source
                                    + " (a partial clone? fetch the objects into it, or clone it without --filter)")
                            .orElse(e.getMessage()));
                }
            }
        } catch (IOException | URISyntaxException | RuntimeException e) {
            return Optional.of(e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
        }
    }

    /** The git dir a local source names (a path or a file: URL, relative to the repository's folder), or empty. */
    private static Optional<File> localGitDir(Repository repo, String source) throws URISyntaxException {
        URIish uri = new URIish(source);
        if (uri.getPath() == null
                || uri.getHost() != null
                || uri.getScheme() != null && !uri.getScheme().equals("file")) {
            return Optional.empty();
        }
        File base = repo.isBare() ? repo.getDirectory() : repo.getWorkTree();
        File path = repo.getFS().resolve(base, uri.getPath());
        return Optional.ofNullable(RepositoryCache.FileKey.resolve(path, repo.getFS()));
    }

    /** A transport to a repository opened in this process; keeps what made its serving side fail. */
    private static final class Served extends Transport implements PackTransport {
        private final Repository source;
        private volatile Throwable servingFailure;

        Served(Repository local, URIish uri, Repository source) {
            super(local, uri);
            this.source = source;
        }

        /** The object whose absence made serving fail, when that was the reason. */
        Optional<String> missingObject() {
            for (Throwable c = servingFailure; c != null; c = c.getCause()) {
                if (c instanceof MissingObjectException m) {
                    return Optional.of(m.getObjectId().name());
                }
            }
            return Optional.empty();
        }

        @Override
        public FetchConnection openFetch() throws TransportException {
            return new Connection(this);
        }

        @Override
        public PushConnection openPush() throws NotSupportedException {
            throw new NotSupportedException("patchpin does not push");
        }

        @Override
        public void close() {
            // the source repository is the caller's to close
        }

        /** The client side of git's pack protocol over two pipes to an upload-pack on a thread of its own. */
        private static final class Connection extends BasePackFetchConnection {
            private final Thread server;

            Connection(Served t) throws TransportException {
                super(t);
                try {
                    PipedInputStream fromServer = new PipedInputStream(64 * 1024);
                    PipedOutputStream serverOut = new PipedOutputStream(fromServer);
                    PipedInputStream serverIn = new PipedInputStream();
                    PipedOutputStream toServer = new PipedOutputStream(serverIn);
                    server = new Thread(() -> serve(t, serverIn, serverOut), "patchpin-upload-pack");
                    server.setDaemon(true);
                    server.start();
                    init(fromServer, toServer);
                } catch (IOException e) {
                    throw new TransportException(uri, "cannot connect in-process", e);
                }
                try {
                    readAdvertisedRefs();
                } catch (TransportException e) {
                    close(); // ends the serving side, which waits for our request
                    throw e;
                }
            }

            /** Serves the fetch; a failure is kept, and the closed pipes end the client's side. */
            private static void serve(Served t, InputStream in, OutputStream out) {
                try (in;
                        out) {
                    new UploadPack(t.source).upload(in, out, null);
                } catch (IOException | RuntimeException e) {
                    t.servingFailure = e;
                }
            }

            @Override
            public void close() {
                super.close();
                try {
                    server.join();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }
}

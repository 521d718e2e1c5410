package io.patchpin.cli;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * Class initialisations a verb is certain to pay, run on a second core while
 * picocli builds its model on the main thread. On JDK 21 and newer,
 * {@code BigDecimal}'s static initialiser computes 5^65536 (tens of
 * milliseconds in a cold JVM, and no start-up cache keeps its result); every
 * TOML read needs the class, as the TOML parser's base class holds
 * {@code BigDecimal} constants. The security providers behind the sha256 of
 * seals and JGit's object ids come first, as JGit's first classes need them.
 *
 * <p>Only JDK classes whose initialisers need nothing of patchpin or its
 * libraries: the main thread that reaches one of them first simply waits for
 * its initialisation to finish, and nothing it computes is shared. A failure
 * here is ignored; the main thread meets it again where it would have.
 */
final class Preload extends Thread {
    private Preload() {
        super("patchpin-preload");
        setDaemon(true);
    }

    /**
     * For a run of one verb (not its help, nor completion, which reads no TOML):
     * starts the preload, which ends on its own. Returns whether it started.
     */
    static boolean startFor(Invoked invoked, String... args) {
        if (invoked.mode() != Invoked.Mode.ONE || invoked.verb().equals("completion")) {
            return false;
        }
        for (String a : args) {
            if (a.equals("--help") || a.equals("-h")) {
                return false;
            }
        }
        new Preload().start();
        return true;
    }

    @Override
    public void run() {
        try {
            // digests first: JGit's first classes need SHA-1 within milliseconds, TOML comes later
            MessageDigest.getInstance("SHA-256");
            MessageDigest.getInstance("SHA-1");
            Class.forName("java.math.BigDecimal");
        } catch (ClassNotFoundException | NoSuchAlgorithmException | LinkageError e) {
            // the main thread meets the same failure where it needs the class
        }
    }
}

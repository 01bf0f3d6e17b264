// What the program sees in the sandbox, as a list of steps in bwrap's own terms. bwrap is handed
// them as its options (bwrap.cpp); a root box takes them itself in the mount namespace it made
// (namespaces.cpp). One list, so that the program's root is the same whichever makes it:
//  - /usr and /etc read-only, and /bin, /lib ... as the host has them (links into /usr, or
//    read-only directories);
//  - /proc of its own PID namespace, and the paths its box was asked to show, read-only;
//  - a read-only /dev with the harmless devices and no pseudo-terminal (dev_view());
//  - its own /tmp and /dev/shm (tmpfs, each capped: disk use and memory held there are bounded,
//    and nothing written there outlives the run), its working directory in that /tmp with the
//    files of the box's directory bound in read-only, or (a compiler's) the box's directory
//    itself, writable, so that its output can be taken out;
//  - the rest of the root read-only and empty: never the test data, the judge's files or
//    another run's.
// As root the tmpfs directories are made open to all (sticky) and the directories above a shown
// path 0755: the run's own user id must reach them (bwrap made them with its sources' modes,
// and the run's user could not search the judge's own 0700 directory).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace entrapment {

struct ViewStep {
  // bwrap's --ro-bind, --bind, --dev-bind, --symlink, --proc, --tmpfs, --dir, --remount-ro.
  enum class Kind { ReadOnlyBind, Bind, DeviceBind, Symlink, Proc, Tmpfs, Dir, RemountReadOnly };
  Kind kind = Kind::Dir;
  std::string source;  // a bind's path on the host; a symbolic link's text
  std::string path;    // where the program sees it
  int mode = -1;       // a tmpfs's or directory's mode (bwrap's --perms); -1: 0755
  long long size = 0;  // a tmpfs's size in bytes (bwrap's --size); 0: the kernel's default
};

// The sandbox's root for one run.
struct ViewLayout {
  std::filesystem::path dir;           // the box's directory (under /tmp)
  std::vector<std::string> read_only;  // further paths shown as they are
  bool writable_dir = false;           // a compiler's layout
  long long tmp_bytes = 64ll << 20;    // the size of its /tmp and of its /dev/shm
  // /dev/zero: not where memory is counted by looks (rlimits), since a shared mapping of it is
  // an object of its own that keeps every page written to it, in no resident set once dropped
  // from the page tables or unmapped but for a page.
  bool zero_device = true;
};

// /usr, /etc (unless `etc` is false) and /bin, /lib ... as they are on the host.
std::vector<ViewStep> system_view(bool etc = true);

// The sandbox's /dev (a tmpfs): null, zero (if `zero`), full, random, urandom and tty bound in
// from the host, /dev/fd and /dev/stdin, stdout, stderr linked to /proc/self/fd. No /dev/ptmx
// and no devpts: every devpts instance takes from the machine's one table of pseudo-terminals
// (kernel.pty.max), whose buffers are no process's memory.
std::vector<ViewStep> dev_view(bool zero = true);

// The whole root, in order, the root remounted read-only last: `shown` are further paths shown
// read-only (the layout's, and bwrap's step); `root`: the run gets a user id of its own (the
// box is root), so what is made for it is opened to it.
std::vector<ViewStep> sandbox_view(const ViewLayout& layout, const std::vector<std::string>& shown,
                                   bool root);

}  // namespace entrapment

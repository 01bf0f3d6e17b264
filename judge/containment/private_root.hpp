// The contestant's view of the machine when the judge is root but bwrap is not in use
// (--no-sandbox, `judge verify`'s default, or no usable bwrap): what bwrap would show, made
// with the kernel's namespaces directly. In a mount namespace of its own the contestant sees
// read-only /usr, /etc (and /bin, /lib ... leading into them, and an interpreter's
// installation outside them), /proc, a /dev with null, zero, full, random and urandom, and its
// own /tmp and /dev/shm (tmpfs, each capped at the scratch limit, gone with it); its working
// directory in that /tmp holds its staged program, read-only. Nothing else of the machine:
// not the package, not the judge's work directories, not other contestants' scratch
// directories, not the compile cache. A network namespace of its own has no network; IPC and
// UTS namespaces of its own. It still sees the machine's processes (no PID namespace: the
// judge's own user id and the contestant's own user id keep them apart).
//
// For a compiler the working directory is the scratch directory itself, writable, so that
// what it writes can be taken out afterwards.
#pragma once

#include <sys/types.h>

#include <filesystem>
#include <string>
#include <vector>

namespace entrapment {

class PrivateRoot {
 public:
  // `scratch`: the run's scratch directory (under /tmp), already staged; its subdirectory
  // `.root` (made here) is where the new root is assembled. `read_only`: further paths shown
  // as they are. `writable_scratch`: the compiler's layout. `tmp_bytes`: the size of /tmp and
  // /dev/shm each. `uid`: the contestant's user, who owns its working directory.
  PrivateRoot(const std::filesystem::path& scratch, const std::vector<std::string>& read_only,
              bool writable_scratch, long long tmp_bytes, uid_t uid);

  // In the child, before the user changes: raw system calls only. nullptr, or what failed
  // (errno says why). Leaves the working directory at the scratch directory's path.
  const char* enter() const;

  // The name of the directory under the scratch directory that the new root is made on.
  static constexpr const char* kRootDir = ".root";

 private:
  enum class Kind {
    Unshare,
    MakePrivate,
    Tmpfs,
    Bind,
    ReadOnly,
    Mkdir,
    Touch,
    Symlink,
    Chown,
    Pivot,
    Chdir,
    Detach
  };
  struct Op {
    Kind kind;
    std::string path, source, data;
    unsigned long flags = 0;
    std::string what;  // for the error: "mounting /usr read-only"
  };
  void add(Kind kind, std::string path, std::string source = "", std::string data = "",
           unsigned long flags = 0);
  void mkdirs(const std::string& root, const std::string& path);
  void bind_read_only(const std::string& root, const std::string& path, bool directory);

  std::vector<Op> ops_;
  uid_t uid_;
};

}  // namespace entrapment

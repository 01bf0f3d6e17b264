// A file descriptor closed on every way out of a scope (-1: none).
#pragma once

#include <unistd.h>

namespace entrapment {

struct Descriptor {
  int fd;
  ~Descriptor() {
    if (fd >= 0) ::close(fd);
  }
};

}  // namespace entrapment

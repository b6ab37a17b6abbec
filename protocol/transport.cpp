#include "protocol/transport.h"

#include <cerrno>
#include <sys/stat.h>
#include <unistd.h>

#include <boost/asio/post.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/write.hpp>
#include <spdlog/spdlog.h>

namespace pt2bb::protocol {
namespace asio = boost::asio;

namespace {

bool is_regular_file(int fd) {
  struct stat st {};
  return fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
}

void write_all_blocking(int fd, std::string_view data) {
  while (!data.empty()) {
    const ssize_t n = ::write(fd, data.data(), data.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      return;
    }
    data.remove_prefix(static_cast<size_t>(n));
  }
}

}  // namespace

StreamTransport::StreamTransport(asio::io_context& io, int in_fd, int out_fd)
    : io_(io), in_fd_(in_fd), out_fd_(out_fd) {
  out_is_file_ = is_regular_file(out_fd);
  if (!out_is_file_) out_ = std::make_unique<asio::posix::stream_descriptor>(io, ::dup(out_fd));
}

StreamTransport::~StreamTransport() {
  *alive_ = false;
  if (file_reader_.joinable()) file_reader_.detach();  // Blocked in read(); the process is ending.
}

void StreamTransport::start(MessageHandler& handler) {
  handler_ = &handler;
  if (is_regular_file(in_fd_)) {
    // epoll cannot watch regular files: read them on a thread and post the bytes.
    std::weak_ptr<bool> alive = alive_;
    file_reader_ = std::thread([this, alive] {
      std::array<char, 64 * 1024> buf{};
      for (;;) {
        const ssize_t n = ::read(in_fd_, buf.data(), buf.size());
        if (n < 0 && errno == EINTR) continue;
        std::string chunk = n > 0 ? std::string(buf.data(), static_cast<size_t>(n)) : std::string();
        asio::post(io_, [this, alive, chunk = std::move(chunk)] {
          if (alive.expired() || !*alive.lock()) return;
          on_bytes(chunk);
        });
        if (n <= 0) return;
      }
    });
    return;
  }
  in_ = std::make_unique<asio::posix::stream_descriptor>(io_, ::dup(in_fd_));
  read_some();
}

void StreamTransport::read_some() {
  std::weak_ptr<bool> alive = alive_;
  in_->async_read_some(asio::buffer(read_buffer_), [this, alive](boost::system::error_code ec, size_t n) {
    if (alive.expired() || closed_) return;
    if (ec) {
      on_bytes({});
      return;
    }
    on_bytes(std::string_view(read_buffer_.data(), n));
    if (!closed_ && !eof_reported_) read_some();
  });
}

void StreamTransport::on_bytes(std::string_view bytes) {
  if (closed_ || eof_reported_) return;
  if (bytes.empty()) {
    eof_reported_ = true;
    handler_->on_eof(parser_.mid_message());
    return;
  }
  for (auto& event : parser_.feed(bytes)) {
    if (closed_) return;
    if (auto* body = std::get_if<std::string>(&event)) {
      handler_->on_message(decode_message(*body));
    } else {
      handler_->on_frame_error(std::get<FrameError>(event));
    }
  }
}

void StreamTransport::send(std::string body) {
  std::weak_ptr<bool> alive = alive_;
  asio::post(io_, [this, alive, frame = encode_frame(body)]() mutable {
    if (alive.expired()) return;
    if (out_is_file_) {
      write_all_blocking(out_fd_, frame);
      return;
    }
    out_queue_.push_back(std::move(frame));
    if (!writing_) write_next();
  });
}

void StreamTransport::write_next() {
  if (out_queue_.empty()) {
    writing_ = false;
    return;
  }
  writing_ = true;
  std::weak_ptr<bool> alive = alive_;
  asio::async_write(*out_, asio::buffer(out_queue_.front()), [this, alive](boost::system::error_code ec, size_t) {
    if (alive.expired()) return;
    if (ec) {
      // The client is gone; drop what is queued rather than grow without bound.
      spdlog::warn("write to client failed: {}", ec.message());
      out_queue_.clear();
      writing_ = false;
      return;
    }
    out_queue_.pop_front();
    write_next();
  });
}

void StreamTransport::close() {
  if (closed_) return;
  closed_ = true;
  if (in_) {
    boost::system::error_code ec;
    in_->cancel(ec);
  }
  // Queued output keeps the io_context busy until it is written, so run() returns only
  // once every reply has gone out.
}

}  // namespace pt2bb::protocol

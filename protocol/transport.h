// Transport: moves JSON-RPC messages between the server and one client.
//
// StreamTransport reads and writes two file descriptors (stdin/stdout, or a pipe pair in tests)
// with Boost.Asio stream descriptors on the session's io_context. Regular files (a transcript
// given as stdin) cannot be polled, so for them a reader thread does blocking reads and posts
// the bytes to the io_context. All writes go through one queue on the io_context: messages
// never interleave, whatever thread calls send().
#pragma once

#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <thread>

#include <boost/asio/io_context.hpp>
#include <boost/asio/posix/stream_descriptor.hpp>

#include "protocol/framing.h"
#include "protocol/jsonrpc.h"

namespace pt2bb::protocol {

// Receives decoded messages. Called on the io_context thread only.
class MessageHandler {
public:
  virtual ~MessageHandler() = default;
  virtual void on_message(Message message) = 0;
  // A frame that could not be read (bad header, oversized body). The stream goes on.
  virtual void on_frame_error(const FrameError& error) = 0;
  // The client closed its end (or the read failed). `mid_message`: EOF cut a message short.
  virtual void on_eof(bool mid_message) = 0;
};

class Transport {
public:
  virtual ~Transport() = default;
  // Starts reading; messages go to `handler` on the io_context thread.
  virtual void start(MessageHandler& handler) = 0;
  // Queues one message body for sending. Thread-safe.
  virtual void send(std::string body) = 0;
  // Stops reading. Queued output is still written. Io thread only.
  virtual void close() = 0;
};

class StreamTransport : public Transport {
public:
  StreamTransport(boost::asio::io_context& io, int in_fd, int out_fd);
  ~StreamTransport() override;

  void start(MessageHandler& handler) override;
  void send(std::string body) override;
  void close() override;

private:
  void read_some();
  void on_bytes(std::string_view bytes);
  void write_next();

  boost::asio::io_context& io_;
  int in_fd_;
  int out_fd_;
  std::unique_ptr<boost::asio::posix::stream_descriptor> in_;
  std::unique_ptr<boost::asio::posix::stream_descriptor> out_;
  bool out_is_file_ = false;
  std::thread file_reader_;
  MessageHandler* handler_ = nullptr;
  FrameParser parser_;
  std::array<char, 64 * 1024> read_buffer_{};
  std::deque<std::string> out_queue_;
  bool writing_ = false;
  bool closed_ = false;
  bool eof_reported_ = false;
  std::shared_ptr<bool> alive_ = std::make_shared<bool>(true);
};

}  // namespace pt2bb::protocol

# frozen_string_literal: true

require 'json'
require "net/http"
require_relative 'importer/job'
require_relative "../config/settings"
load 'tasks/import.rake'
autoload :Parser, 'importer/parser'

require "importer/#{ENV['FORMAT']}"
require File.expand_path('helpers', __dir__)

module Importer
  def self.optional
    require 'yaml'
  rescue LoadError
    nil
  end
end
